import jax
import jax.numpy as jnp

from layers import HandoffMLP

N = jax.local_device_count()
AXIS = 'pp'
model = HandoffMLP(widths=(16, 16), axis_name=AXIS, perm=tuple((i, i + 1) for i in range(N - 1)))

x0 = jnp.ones((2, 16))
# init runs the handoff too, so it is mapped over the same named axis.
per_device_params = jax.eval_shape(
    jax.pmap(lambda k: model.init(k, x0), axis_name=AXIS), jax.random.split(jax.random.key(1), N))


def stage_fn(params, x):
  return model.apply(params, x)


def run(params, xs):
  return jax.pmap(stage_fn, axis_name=AXIS)(params, xs)


ARGS = (per_device_params, jax.ShapeDtypeStruct((N, 2, 16), jnp.float32))
