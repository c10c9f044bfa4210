import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

reducers = {}
for ax in mesh.axis_names:
  reducers[ax] = lambda t: lax.pmean(t, ax)


def loss(w, x):
  return jnp.mean(jnp.tanh(x @ w) ** 2)


def dp_grad(w, x):
  g = jax.grad(loss)(w, x)
  return reducers["data"](g)


step = jax.jit(jax.shard_map(
    dp_grad, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(), axis_names={"data"}))

w = jax.device_put(jnp.ones((16, 32)) * 0.1, NamedSharding(mesh, P(None, "model")))
x = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data")))
print(step.trace(w, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
