import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp

AXIS = 'b'


class Encoder(eqx.Module):
  mlp: eqx.nn.MLP
  temperature: float = eqx.field(static=True, default=0.1)

  def __call__(self, x):
    z = self.mlp(x)
    z = z / jnp.linalg.norm(z)
    denom = jax.lax.psum(jnp.exp(jnp.dot(z, z) / self.temperature), AXIS)
    return z, denom


@ft.partial(eqx.filter_vmap, in_axes=(None, 0), axis_name=AXIS)
def encode(model, x):
  z, denom = model(x)
  centred = z - jax.lax.pmean(z, AXIS)
  return centred, jnp.log(denom)


@eqx.filter_jit
def loss(model, xs):
  z, logden = encode(model, xs)
  return jnp.mean(logden) - jnp.mean(jnp.sum(z * z, axis=-1))


def main():
  model = Encoder(eqx.nn.MLP(12, 8, 32, 2, key=jax.random.key(0)))
  xs = jnp.ones((16, 12))
  params, static = eqx.partition(model, eqx.is_array)
  jax.jit(lambda p, xs: loss(eqx.combine(p, static), xs)).trace(params, xs).lower(
      lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
