"""Slice topology used by the solver: rows of the domain are spread over the 'rows' axis."""
MESH_SHAPE = (2, 2)
MESH_AXES = ("rows", "cols")
RING_AXES = ("rows",)
