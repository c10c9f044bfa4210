from parallel.specs import mlp_state_sharding
