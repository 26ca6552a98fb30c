#!/bin/sh
# A small shell script.
echo "hello from dnd-sim"
