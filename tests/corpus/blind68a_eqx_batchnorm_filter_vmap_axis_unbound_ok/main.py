import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from model import ConvBNNet
from train import make_train_step

num_devices = len(jax.devices())
mesh = jax.sharding.Mesh(jax.devices(), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())

model, state = eqx.nn.make_with_state(ConvBNNet)(3, 10, jr.PRNGKey(0))
model, state = eqx.filter_shard((model, state), replicated)
optim = optax.adamw(3e-4)
opt_state = optim.init(eqx.filter(model, eqx.is_array))

train_step = make_train_step(optim, data_sharding, replicated)

arrays, static = eqx.partition((model, state, opt_state), eqx.is_array)


def step(arrays, xs, ys):
    model, state, opt_state = eqx.combine(arrays, static)
    model, state, opt_state, loss = train_step(model, state, opt_state, xs, ys)
    return eqx.filter((model, state, opt_state), eqx.is_array), loss


xs = jax.ShapeDtypeStruct((32, 3, 16, 16), jnp.float32)
ys = jax.ShapeDtypeStruct((32,), jnp.int32)
jax.jit(step).trace(arrays, xs, ys).lower(lowering_platforms=("tpu",))
