import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def megatron_mlp(mlp: eqx.nn.MLP, mesh) -> eqx.nn.MLP:
    """Column-split the first Linear, row-split the second (weights are (out, in))."""
    col, row = mlp.layers[0], mlp.layers[1]
    put = lambda a, spec: jax.device_put(a, NamedSharding(mesh, spec))
    mlp = eqx.tree_at(lambda m: m.layers[0].weight, mlp, put(col.weight, P("model", None)))
    mlp = eqx.tree_at(lambda m: m.layers[0].bias, mlp, put(col.bias, P("model")))
    mlp = eqx.tree_at(lambda m: m.layers[1].weight, mlp, put(row.weight, P(None, "model")))
    mlp = eqx.tree_at(lambda m: m.layers[1].bias, mlp, put(row.bias, P()))
    return mlp
