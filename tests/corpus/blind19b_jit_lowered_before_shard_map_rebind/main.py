import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def loss(w, x, y):
    pred = x @ w
    return lax.pmean(jnp.mean((pred - y) ** 2), "data")


w = jnp.zeros((16, 1))
x = jnp.ones((64, 16))
y = jnp.ones((64, 1))

# smoke test of the compiled loss
print(jax.jit(loss).trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:80])

loss = jax.shard_map(loss, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
jax.jit(loss).trace(w, x, y).lower(lowering_platforms=("cuda",))
