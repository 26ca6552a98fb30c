// DragDrop: draggable sources and drop destinations on scene nodes, drag sessions over the drag recognizer.

import ContentTypes
import Gestures
import Transfer
