# parsed from base.yml
CONFIG = {
    'mesh_shape': [2, 2],
    'mesh_axes': ['replica', 'fsdp'],
    'data_axes': ['replica', 'fsdp'],
    'emb_dim': 32,
    'mlp_dim': 64,
}
