import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  d_model: int = 64
  d_ff: int = 256
  data_axis: str = 'data'
  tensor_axis: str = 'tensor'


class TPMLP(eqx.Module):
  w_in: jax.Array
  w_out: jax.Array
  axis: str = eqx.field(static=True)

  def __init__(self, cfg, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (cfg.d_model, cfg.d_ff)) * 0.02
    self.w_out = jax.random.normal(k2, (cfg.d_ff, cfg.d_model)) * 0.02
    self.axis = cfg.tensor_axis

  def __call__(self, x):
    return jax.lax.psum(jax.nn.gelu(x @ self.w_in) @ self.w_out, self.axis)


def make_step(cfg, mesh, model):
  params, static = eqx.partition(model, eqx.is_array)
  pspec = eqx.tree_at(lambda m: (m.w_in, m.w_out), params,
                      (P(None, cfg.tensor_axis), P(cfg.tensor_axis, None)))

  def local(params, x, y):
    def loss_fn(params):
      model = eqx.combine(params, static)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, cfg.data_axis)
    new = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
    return new, jax.lax.pmean(loss, cfg.data_axis)

  sm = jax.shard_map(local, mesh=mesh, in_specs=(pspec, P(cfg.data_axis), P(cfg.data_axis)),
                     out_specs=(pspec, P()))

  @eqx.filter_jit
  def step(params, x, y):
    return sm(params, x, y)

  return params, step


if __name__ == '__main__':
  cfg = Config()
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.data_axis, cfg.tensor_axis))
  params, step = make_step(cfg, mesh, TPMLP(cfg, jax.random.key(0)))
  x = jnp.ones((32, cfg.d_model))
  y = jnp.zeros((32, cfg.d_model))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=('tpu',))
