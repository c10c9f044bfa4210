import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from trainer.evaluate import evaluate

key = jr.PRNGKey(0)
model = eqx.nn.MLP(16, 10, 32, 2, key=key)
mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))

x = jax.device_put(jnp.ones((64, 16)), jax.NamedSharding(mesh, jax.P("batch")))
labels = jax.device_put(jnp.zeros((64,), jnp.int32), jax.NamedSharding(mesh, jax.P("batch")))

params, static = eqx.partition(model, eqx.is_array)


def eval_arrays(params, x, labels):
    return evaluate(eqx.combine(params, static), x, labels)


lowered = jax.jit(eval_arrays).trace(params, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
