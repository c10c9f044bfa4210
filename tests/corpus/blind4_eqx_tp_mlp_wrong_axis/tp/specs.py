import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def mlp_param_specs(mlp, tp_axis):
    """Megatron layout: fc1 split on its output features, fc2 on its input features."""
    specs = jax.tree.map(lambda _: P(), mlp)
    return eqx.tree_at(
        lambda m: (m.fc1.weight, m.fc1.bias, m.fc2.weight),
        specs,
        (P(tp_axis, None), P(tp_axis), P(None, tp_axis)),
    )
