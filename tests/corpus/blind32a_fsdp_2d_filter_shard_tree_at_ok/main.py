"""2-D (data, model) sharding of an Equinox transformer-ish MLP by eqx.filter_shard with per-leaf specs."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class FeedForward(eqx.Module):
    w_in: eqx.nn.Linear
    w_out: eqx.nn.Linear

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.w_in = eqx.nn.Linear(128, 512, key=k1)
        self.w_out = eqx.nn.Linear(512, 128, key=k2)

    def __call__(self, x):
        return self.w_out(jax.nn.gelu(self.w_in(x)))


def shardings_for(model):
    shardings = jax.tree.map(lambda _: NamedSharding(mesh, P()), eqx.filter(model, eqx.is_array))
    return eqx.tree_at(
        lambda m: (m.w_in.weight, m.w_in.bias, m.w_out.weight),
        shardings,
        (
            NamedSharding(mesh, P("model", "data")),
            NamedSharding(mesh, P("model")),
            NamedSharding(mesh, P("data", "model")),
        ),
    )


model = FeedForward(jax.random.key(0))
model_shardings = shardings_for(model)
model = eqx.filter_shard(model, model_shardings)
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))
batch_sharding = NamedSharding(mesh, P("data"))


@eqx.filter_jit
def train_step(model, opt_state, x):
    x = eqx.filter_shard(x, batch_sharding)

    def loss_fn(m):
        return jnp.mean(jax.vmap(m)(x) ** 2)

    grads = eqx.filter_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return eqx.filter_shard(model, model_shardings), opt_state


x = jax.device_put(jnp.ones((32, 128)), batch_sharding)
lowered = jax.jit(train_step).trace(model, opt_state, x).lower(lowering_platforms=("cuda",))
print(lowered is not None)
