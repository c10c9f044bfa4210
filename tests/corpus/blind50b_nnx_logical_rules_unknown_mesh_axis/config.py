# Logical-to-physical axis rules shared by the training scripts.
MESH_SHAPE = (2, 2)
MESH_AXES = ('data', 'model')

LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('hidden', 'tensor'),
    ('embed', None),
)
