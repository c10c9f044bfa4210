"""Linen TP model: param specs read off nn.Partitioned boxes with jax.tree.map, then jit with shardings."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class FeedForward(nn.Module):
    hidden: int
    features: int

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.hidden, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), (None, "model")),
                     bias_init=nn.with_partitioning(nn.initializers.zeros_init(), ("model",)))(x)
        x = nn.gelu(x)
        return nn.Dense(self.features, kernel_init=nn.with_partitioning(nn.initializers.lecun_normal(), ("model", None)))(x)


model = FeedForward(hidden=128, features=16)
x = jnp.ones((8, 16))
boxed = jax.eval_shape(model.init, jax.random.key(0), x)["params"]

is_partitioned = lambda v: isinstance(v, nn.Partitioned)
param_specs = jax.tree.map(lambda v: v.get_partition_spec() if is_partitioned(v) else P(), boxed,
                           is_leaf=is_partitioned)
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs)
data_sharding = NamedSharding(mesh, P("data", None))

tx = optax.adamw(1e-3)


def init_params(key, x):
    return nn.unbox(model.init(key, x)["params"])


params = jax.jit(init_params, out_shardings=param_shardings)(jax.random.key(0), x)
opt_state = tx.init(params)


def train_step(params, opt_state, x):
    def loss_fn(p):
        return jnp.mean(model.apply({"params": p}, x) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(train_step, in_shardings=(param_shardings, None, data_sharding),
                     out_shardings=(param_shardings, None, None))
x = jax.device_put(x, data_sharding)
print(train_step.trace(params, opt_state, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
