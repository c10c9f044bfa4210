import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from rnn import RNN

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Explicit,))
jax.set_mesh(mesh)

model = RNN(in_size=2, out_size=1, hidden_size=16, key=jr.PRNGKey(5678))
params, static = eqx.partition(model, eqx.is_array)


def loss(params, xs, ys):
    model = eqx.combine(params, static)
    pred = model(xs)
    return -jnp.mean(ys * jnp.log(pred) + (1 - ys) * jnp.log(1 - pred))


train_step = jax.jit(jax.value_and_grad(loss))

xs = jax.ShapeDtypeStruct((20, 32, 2), jnp.float32, sharding=NamedSharding(mesh, P(None, "batch", None)))
ys = jax.ShapeDtypeStruct((32, 1), jnp.float32, sharding=NamedSharding(mesh, P("batch", None)))
print(train_step.trace(params, xs, ys).lower(lowering_platforms=("cuda",)).as_text()[:40])
