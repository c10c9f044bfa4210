import equinox as eqx
import jax
import jax.numpy as jnp

key = jax.random.key(0)
model = eqx.nn.MLP(in_size=3, out_size=1, width_size=16, depth=2, key=key)

xs = jnp.linspace(-1, 1, 24).reshape(8, 3)
ys = jnp.sin(xs[:, :1])


def per_example(model, x, y):
  pred = model(x)
  err = jnp.sum((pred - y) ** 2)
  return jax.lax.pmean(err, axis_name='examples')


batched = eqx.filter_vmap(per_example, in_axes=(None, 0, 0), axis_name='examples')


@eqx.filter_jit
def loss(model, xs, ys):
  return batched(model, xs, ys)[0]


grad_fn = eqx.filter_jit(eqx.filter_grad(loss))
params, static = eqx.partition(model, eqx.is_array)
f = jax.jit(lambda p, xs, ys: eqx.filter(grad_fn(eqx.combine(p, static), xs, ys), eqx.is_array))
print(f.trace(params, xs, ys).lower(lowering_platforms=('cuda',)).as_text()[:40])
