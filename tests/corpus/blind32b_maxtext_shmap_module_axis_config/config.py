"""Run configuration (as parsed from a yml file)."""
MESH_AXES = ('data', 'sequence')
ICI_PARALLELISM = (2, 2)
