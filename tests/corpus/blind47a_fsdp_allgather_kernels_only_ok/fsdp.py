import jax
from jax.sharding import PartitionSpec as P


def is_spec(x):
    return isinstance(x, P)


def fsdp_specs(params, axis='fsdp'):
    def rule(path, leaf):
        if path[-1].key == 'kernel':
            return P(axis, None)
        return P()
    return jax.tree_util.tree_map_with_path(rule, params)


def gather_params(params, specs, axis='fsdp'):
    def gather(p, spec):
        if axis in spec:
            return jax.lax.all_gather(p, axis, axis=0, tiled=True)
        return p
    return jax.tree_util.tree_map(gather, params, specs, is_leaf=is_spec)
