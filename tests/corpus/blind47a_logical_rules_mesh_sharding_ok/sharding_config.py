# logical axis name -> mesh axis name
LOGICAL_AXIS_RULES = (
    ('activation_batch', 'data'),
    ('activation_embed', None),
    ('activation_mlp', 'tensor'),
    ('vocab', 'tensor'),
    ('embed', None),
    ('mlp', 'tensor'),
)
MESH_AXES = ('data', 'tensor')
MESH_SHAPE = (2, 2)
