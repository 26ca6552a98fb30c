// Simulation: scene files, scripts, the scene runner, timelines and the renderer behind dnd-sim.

import DragDrop
