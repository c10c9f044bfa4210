import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def mlp_param_specs(mlp: eqx.nn.MLP):
    """Column-parallel first layer, row-parallel last layer (Megatron layout)."""
    params = eqx.filter(mlp, eqx.is_array)
    specs = jax.tree.map(lambda _: P(), params)
    first, last = mlp.layers[0], mlp.layers[-1]
    specs = eqx.tree_at(lambda s: (s.layers[0].weight, s.layers[0].bias), specs,
                        (P("model", None), P("model")))
    specs = eqx.tree_at(lambda s: s.layers[-1].weight, specs, P(None, "model"))
    return specs


def shard_params(params, specs, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, specs)
