from jax.sharding import PartitionSpec as P

# Parameter specs for the stacked (num_layers, ...) decoder parameters.
PARAM_SPECS = {
    'params': {
        'layers': {
            'pre_norm': {'scale': P(), 'bias': P()},
            'wi': {'kernel': P(None, None, 'model'), 'bias': P(None, 'model')},
            'wo': {'kernel': P(None, 'model', None)},
        },
        'final_norm': {'scale': P(), 'bias': P()},
    }
}
