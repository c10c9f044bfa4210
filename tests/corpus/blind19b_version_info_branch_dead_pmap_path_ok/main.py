import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def grads(w, x):
    return jax.grad(lambda w: jnp.mean(jnp.square(x @ w)))(w)


if jax.__version_info__ >= (0, 6):
    mesh = Mesh(np.array(jax.devices()), ("batch",))

    def body(w, x):
        return w - 0.1 * lax.pmean(grads(w, x), "batch")

    train_step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P()))
    args = (jnp.zeros((8, 4)), jnp.ones((32, 8)))
else:

    def body(w, x):
        return w - 0.1 * lax.pmean(grads(w, x), "batch")

    train_step = jax.pmap(body, axis_name="i")
    n = jax.local_device_count()
    args = (jnp.zeros((n, 8, 4)), jnp.ones((n, 8, 8)))

train_step.trace(*args).lower(lowering_platforms=("cuda",))
