import equinox as eqx
import jax
import jax.numpy as jnp

AXIS = 'examples'

model = eqx.nn.MLP(in_size=3, out_size=1, width_size=16, depth=2, key=jax.random.key(1))
xs = jnp.linspace(-1, 1, 24).reshape(8, 3)
ys = jnp.cos(xs[:, :1])


def per_example(model, x, y):
  err = jnp.sum((model(x) - y) ** 2)
  return jax.lax.pmean(err, axis_name='example')


@eqx.filter_jit
def loss(model, xs, ys):
  return eqx.filter_vmap(per_example, in_axes=(None, 0, 0), axis_name=AXIS)(model, xs, ys)[0]


params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, xs, ys: loss(eqx.combine(p, static), xs, ys))
print(f.trace(params, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])
