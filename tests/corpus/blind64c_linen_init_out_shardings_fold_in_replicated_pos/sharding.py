from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {
    'params': {
        'pos_emb': P(),
        'ln': {'scale': P(), 'bias': P()},
        'wi': {'kernel': P(None, 'model'), 'bias': P('model')},
        'wo': {'kernel': P('model', None)},
    }
}
DATA_SPEC = P('data', 'model')


def named(mesh, tree):
  return {k: named(mesh, v) if isinstance(v, dict) else NamedSharding(mesh, v)
          for k, v in tree.items()}
