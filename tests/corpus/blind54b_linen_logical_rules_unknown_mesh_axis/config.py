"""Sharding config, MaxText-style: mesh axes and logical -> mesh axis rules."""
MESH_SHAPE = (2, 2)
MESH_AXES = ('data', 'model')
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('hidden', 'tensor'),
    ('embed', None),
)
