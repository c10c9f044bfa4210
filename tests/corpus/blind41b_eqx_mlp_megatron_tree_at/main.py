import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from shard import megatron_mlp

mesh = jax.make_mesh((2, 2), ("data", "model"))
mlp = eqx.nn.MLP(128, 128, 512, depth=1, activation=jax.nn.gelu, key=jax.random.key(0))
mlp = megatron_mlp(mlp, mesh)
params, static = eqx.partition(mlp, eqx.is_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)


@jax.jit
def train_step(params, opt_state, x, y):
    def loss(params):
        model = eqx.combine(params, static)
        return jnp.mean((jax.vmap(model)(x) - y) ** 2)

    value, grads = jax.value_and_grad(loss)(params)
    updates, opt_state = optim.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, value


batch = NamedSharding(mesh, P("data", None))
x = jax.device_put(jnp.ones((32, 128)), batch)
y = jax.device_put(jnp.zeros((32, 128)), batch)
with jax.set_mesh(mesh):
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
