import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import RULES, Encoder

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
x_sharding = NamedSharding(mesh, P("data", None, None))
model = Encoder(num_layers=4, d_ff=256, out_sharding=x_sharding)


def init(rng, x):
    with nn.logical_axis_rules(RULES):
        return model.init(rng, x)


x = jax.device_put(jnp.ones((8, 32, 64)), x_sharding)
abstract = jax.eval_shape(init, jax.random.key(0), x)
logical_specs = nn.get_partition_spec(abstract)
shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, RULES)
params = jax.jit(init, out_shardings=shardings)(jax.random.key(0), x)
params = nn.meta.unbox(params)
shardings = nn.meta.unbox(shardings)

tx = optax.adamw(1e-3)
opt_state = tx.init(params)


def train_step(params, opt_state, x):
    def loss_fn(p):
        return jnp.mean(model.apply(p, x) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


lowered = jax.jit(train_step).trace(params, opt_state, x).lower(lowering_platforms=("cuda",))
print("train step lowered")
