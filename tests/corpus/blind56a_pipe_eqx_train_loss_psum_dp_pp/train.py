import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


def make_step(static, n_stages, stage_axis="stage", data_axis="data", lr=1e-3):
  ring = [(i, (i + 1) % n_stages) for i in range(n_stages)]

  def loss_fn(params, mbs, ys):
    stage = eqx.combine(jax.tree.map(lambda a: a[0], params), static)
    me = lax.axis_index(stage_axis)
    n_mb = mbs.shape[0]

    def tick(h, t):
      h = stage(jnp.where(me == 0, mbs[t % n_mb], h))
      return lax.ppermute(h, stage_axis, ring), h

    h0 = lax.pcast(jnp.zeros_like(mbs[0]), stage_axis, to="varying")
    _, hs = lax.scan(tick, h0, jnp.arange(n_mb + n_stages - 1))
    preds = hs[n_stages - 1:]
    local = jnp.where(me == n_stages - 1, jnp.mean((preds - ys) ** 2), 0.0)
    return lax.pmean(lax.psum(local, stage_axis), data_axis)

  def step(params, mbs, ys):
    loss, grads = jax.value_and_grad(loss_fn)(params, mbs, ys)
    grads = lax.pmean(grads, data_axis)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss

  return step
