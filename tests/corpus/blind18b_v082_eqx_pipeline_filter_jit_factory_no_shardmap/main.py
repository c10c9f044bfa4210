import equinox as eqx
import jax
import jax.numpy as jnp


class PipeStage(eqx.Module):
  l1: eqx.nn.Linear
  l2: eqx.nn.Linear
  n_stages: int = eqx.field(static=True)

  def __init__(self, d, n_stages, key):
    k1, k2 = jax.random.split(key)
    self.l1 = eqx.nn.Linear(d, d, key=k1)
    self.l2 = eqx.nn.Linear(d, d, key=k2)
    self.n_stages = n_stages

  def _send_next(self, h):
    pairs = list(zip(range(self.n_stages - 1), range(1, self.n_stages)))
    tok = jax.lax.psend(h, axis_name='pipe', perm=pairs)
    return jax.lax.precv(tok, out_shape=jax.ShapeDtypeStruct(h.shape, h.dtype),
                         axis_name='pipe', perm=pairs)

  def __call__(self, x):
    h = jax.vmap(self.l1)(x)
    h = self._send_next(jax.nn.relu(h))
    return jax.vmap(self.l2)(h)


def make_forward(static):
  @eqx.filter_jit
  def forward(params, x):
    model = eqx.combine(params, static)
    return model(x)
  return forward


model = PipeStage(32, 4, jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
forward = make_forward(static)
x = jnp.ones((8, 32))
jax.jit(forward).trace(params, x).lower(lowering_platforms=('cuda',))
