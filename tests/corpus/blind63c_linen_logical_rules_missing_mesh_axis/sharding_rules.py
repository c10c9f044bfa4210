# MaxText-style logical -> mesh axis rules, shared by the train and decode scripts
LOGICAL_AXIS_RULES = (
    ('activation_batch', 'data'),
    ('activation_length', 'sequence'),
    ('activation_embed', None),
    ('activation_mlp', 'model'),
    ('embed', None),
    ('mlp', 'model'),
)
MESH_AXES = ('data', 'model')
