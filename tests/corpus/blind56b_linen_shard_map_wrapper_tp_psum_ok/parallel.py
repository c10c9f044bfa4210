import jax
from jax.sharding import PartitionSpec as P


def param_specs_by_name(params, rules):
    """rules: {module_name: PartitionSpec} matched against the path; default replicated."""
    def spec(path, leaf):
        names = [getattr(k, "key", None) for k in path]
        for name, s in rules.items():
            if name in names and names[-1] == "kernel":
                return s
        return P()
    return jax.tree_util.tree_map_with_path(spec, params)


def shard_map_apply(module, mesh, *, param_specs, in_specs, out_specs):
    """Like a `nn.shard_map`: returns fn(variables, *args) running module.apply on every shard."""
    def per_shard(variables, *args):
        return module.apply(variables, *args)

    return jax.shard_map(per_shard, mesh=mesh,
                         in_specs=({"params": param_specs}, *in_specs),
                         out_specs=out_specs)
