import jax
import equinox as eqx
from jax.sharding import NamedSharding, PartitionSpec as P


def is_conv(x):
    return isinstance(x, eqx.nn.Conv2d)


def param_shardings(params, mesh, model_axis="model"):
    """Conv2d weights (out, in, kh, kw) and biases (out, 1, 1) are split on out-channels."""
    replicated = NamedSharding(mesh, P())
    channel = NamedSharding(mesh, P(model_axis))

    def for_module(m):
        shardings = jax.tree.map(lambda _: replicated, m)
        if is_conv(m):
            shardings = eqx.tree_at(lambda c: (c.weight, c.bias), shardings, (channel, channel))
        return shardings

    return jax.tree.map(for_module, params, is_leaf=is_conv)
