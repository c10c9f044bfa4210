import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("dp",))


class Net(eqx.Module):
    l1: eqx.nn.Linear
    drop: eqx.nn.Dropout
    l2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.l1 = eqx.nn.Linear(64, 256, key=k1)
        self.drop = eqx.nn.Dropout(0.1)
        self.l2 = eqx.nn.Linear(256, 1, key=k2)

    def __call__(self, x, key):
        return self.l2(self.drop(jax.nn.relu(self.l1(x)), key=key))


def per_device_key(key):
    # different dropout masks on each data-parallel shard
    return jr.fold_in(key, jax.lax.axis_index("dp"))


@eqx.filter_jit
def loss(model, x, y, key):
    key = per_device_key(key)
    x = eqx.filter_shard(x, NamedSharding(mesh, P("dp")))
    keys = jr.split(key, x.shape[0])
    pred = jax.vmap(model)(x, keys)
    return jnp.mean((pred - y) ** 2)


if __name__ == "__main__":
    model = Net(jr.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)
    grad_fn = jax.jit(lambda p, x, y, k: jax.grad(lambda p: loss(eqx.combine(p, static), x, y, k))(p))
    x = jax.ShapeDtypeStruct((64, 64), jnp.float32)
    y = jax.ShapeDtypeStruct((64, 1), jnp.float32)
    grad_fn.trace(params, x, y, jr.PRNGKey(1)).lower(lowering_platforms=("tpu",))
