import equinox as eqx
import jax
import jax.numpy as jnp


class Contrastive(eqx.Module):
  proj: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)

  def __init__(self, din, dout, key, axis_name="devices"):
    self.proj = eqx.nn.Linear(din, dout, key=key)
    self.axis_name = axis_name

  def __call__(self, x):
    z = self.proj(x)
    z = z / jnp.linalg.norm(z)
    everyone = jax.lax.all_gather(z, self.axis_name)
    return jax.nn.logsumexp(everyone @ z)


model = Contrastive(8, 4, jax.random.key(0))
batched = eqx.filter_vmap(model, axis_name="batch")
loss = eqx.filter_jit(lambda xs: batched(xs).mean())
xs = jnp.ones((16, 8))
jax.jit(loss).trace(xs).lower(lowering_platforms=("cuda",))
