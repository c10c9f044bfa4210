import jax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from flax import traverse_util

MLP_RULES = {
    ('wi', 'kernel'): P(None, 'model'),
    ('wi', 'bias'): P('model'),
    ('wo', 'kernel'): P('model', None),
    ('wo', 'bias'): P(),
}


def make_mesh(shape=(2, 2), names=('data', 'model')):
    return jax.make_mesh(shape, names, axis_types=(AxisType.Auto,) * len(names))


def shard_variables(variables, mesh, rules=MLP_RULES):
    flat = traverse_util.flatten_dict(variables['params'])
    shardings = {k: NamedSharding(mesh, rules.get(k, P())) for k in flat}
    return jax.device_put(variables, {'params': traverse_util.unflatten_dict(shardings)})
