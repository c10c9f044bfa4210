import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXES = ("data", "fsdp")
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), AXES)

reducers = {ax: (lambda g: lax.pmean(g, ax)) for ax in AXES}


def grads_fn(w, x):
    return jax.grad(lambda w: jnp.mean(jnp.tanh(x @ w)))(w)


def synced_grads(w, x):
    g = grads_fn(w, x)
    return reducers["data"](g)


f = jax.jit(jax.shard_map(synced_grads, mesh=mesh, in_specs=(P(), P("data")), out_specs=P()))
f.trace(jnp.zeros((16, 4)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
