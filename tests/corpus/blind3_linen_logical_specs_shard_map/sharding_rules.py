MESH_AXES = ('data', 'model')
LOGICAL_AXIS_RULES = (
    ('batch', 'data'),
    ('embed', None),
    ('mlp', 'model'),
)


def mesh_axis_for(logical_name):
  return dict(LOGICAL_AXIS_RULES)[logical_name]
