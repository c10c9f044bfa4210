import equinox as eqx
import jax
import jax.numpy as jnp


class Expert(eqx.Module):
  w1: jax.Array
  w2: jax.Array

  def __init__(self, d, h, key):
    k1, k2 = jax.random.split(key)
    self.w1 = jax.random.normal(k1, (d, h)) * d ** -0.5
    self.w2 = jax.random.normal(k2, (h, d)) * h ** -0.5

  def __call__(self, x):
    return jax.nn.silu(x @ self.w1) @ self.w2


def make_experts(num_experts, d, h, key):
  return eqx.filter_vmap(lambda k: Expert(d, h, k))(jax.random.split(key, num_experts))


def expert_parallel_ffn(experts, tokens, *, axis_name):
  """tokens: [num_experts(global), capacity, d] per shard -> exchanged so each shard holds its experts' tokens."""
  dispatched = jax.lax.all_to_all(tokens, axis_name, split_axis=0, concat_axis=1, tiled=True)
  out = eqx.filter_vmap(lambda e, t: e(t))(experts, dispatched)
  return jax.lax.all_to_all(out, axis_name, split_axis=1, concat_axis=0, tiled=True)
