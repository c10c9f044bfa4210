MESH_AXES = ('data', 'pipe')
PIPELINE_AXIS = 'pipeline'
NUM_STAGES = 2
