import equinox as eqx
import jax
import jax.numpy as jnp

from .collectives import cross_replica_mean
from .registry import register


class SyncNorm(eqx.Module):
  weight: jax.Array
  bias: jax.Array
  axis_name: tuple = eqx.field(static=True)
  eps: float = eqx.field(static=True, default=1e-5)

  def __init__(self, size, axis_name):
    self.weight = jnp.ones((size,))
    self.bias = jnp.zeros((size,))
    self.axis_name = axis_name

  def __call__(self, x):
    mean = cross_replica_mean(x, self.axis_name)
    var = cross_replica_mean(jnp.square(x - mean), self.axis_name)
    return (x - mean) * jax.lax.rsqrt(var + self.eps) * self.weight + self.bias


class MLP(eqx.Module):
  layers: list

  def __init__(self, cfg, key):
    k1, k2 = jax.random.split(key)
    self.layers = [
        eqx.nn.Linear(cfg.in_dim, cfg.width, key=k1),
        SyncNorm(cfg.width, cfg.norm_axes),
        eqx.nn.Lambda(jax.nn.relu),
        eqx.nn.Linear(cfg.width, cfg.out_dim, key=k2),
    ]

  def __call__(self, x):
    for layer in self.layers:
      x = layer(x)
    return x


@register("mlp_syncnorm")
def mlp_syncnorm(cfg, key):
  return MLP(cfg, key)
