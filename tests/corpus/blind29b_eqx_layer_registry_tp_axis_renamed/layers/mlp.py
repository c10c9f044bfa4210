import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from .registry import register_layer


@register_layer("megatron_mlp")
class MegatronMLP(eqx.Module):
    """Column-parallel up projection, row-parallel down projection, one psum."""
    w_up: jax.Array
    w_down: jax.Array
    tp_axis: str = eqx.field(static=True)

    @classmethod
    def from_config(cls, cfg, key):
        k1, k2 = jax.random.split(key)
        return cls(jax.random.normal(k1, (cfg["d_model"], cfg["d_ff"])) * 0.02,
                   jax.random.normal(k2, (cfg["d_ff"], cfg["d_model"])) * 0.02,
                   cfg["tp_axis"])

    def partition_specs(self):
        return eqx.tree_at(lambda m: (m.w_up, m.w_down), self,
                           (P(None, self.tp_axis), P(self.tp_axis, None)))

    def __call__(self, x):
        h = jax.nn.gelu(x @ self.w_up)
        return jax.lax.psum(h @ self.w_down, self.tp_axis)


@register_layer("dense_mlp")
class DenseMLP(eqx.Module):
    w_up: jax.Array
    w_down: jax.Array

    def __call__(self, x):
        return jax.nn.gelu(x @ self.w_up) @ self.w_down
