"""Per-device dropout keys with axis_index, in a step that is only eqx.filter_jit-ed (data
parallelism by sharded inputs)."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class Net(eqx.Module):
    lin1: eqx.nn.Linear
    drop: eqx.nn.Dropout
    lin2: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jr.split(key)
        self.lin1 = eqx.nn.Linear(10, 40, key=k1)
        self.drop = eqx.nn.Dropout(0.2)
        self.lin2 = eqx.nn.Linear(40, 1, key=k2)

    def __call__(self, x, *, key):
        return self.lin2(self.drop(jax.nn.relu(self.lin1(x)), key=key))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
net = Net(jr.key(0))
params, static = eqx.partition(net, eqx.is_array)


@eqx.filter_jit
def loss_fn(params, x, y, key):
    key = jr.fold_in(key, jax.lax.axis_index("data"))
    model = eqx.combine(params, static)
    pred = jax.vmap(lambda xi, k: model(xi, key=k))(x, jr.split(key, x.shape[0]))
    return jnp.mean((pred - y) ** 2)


x = jax.device_put(jnp.ones((16, 10)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.ones((16, 1)), NamedSharding(mesh, P("data")))
lowered = jax.jit(jax.grad(loss_fn)).trace(params, x, y, jr.key(1)).lower(lowering_platforms=("cuda",))
print("ok")
