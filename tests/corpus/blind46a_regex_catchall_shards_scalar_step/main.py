import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import sharding_rules


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, ids):
        x = nn.Embed(512, 64)(ids).mean(axis=1)
        x = nn.relu(nn.Dense(256)(x))
        x = nn.LayerNorm()(x)
        return nn.Dense(16)(x)


mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto,) * 2)
model = Classifier()
ids = jnp.zeros((8, 12), jnp.int32)
labels = jnp.zeros((8,), jnp.int32)

state = train_state.TrainState.create(
    apply_fn=model.apply, params=model.init(jax.random.key(0), ids)["params"], tx=optax.adamw(3e-4))
state_specs = sharding_rules.get_partition_spec(sharding_rules.FSDP_TP_RULES, state)
state_sharding = sharding_rules.named_shardings(mesh, state_specs)
batch_sharding = NamedSharding(mesh, P("fsdp"))


def train_step(state, ids, labels):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, ids)
        return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    grads = jax.grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads)


p_train_step = jax.jit(train_step, in_shardings=(state_sharding, batch_sharding, batch_sharding),
                       out_shardings=state_sharding, donate_argnums=0)
print(p_train_step.trace(state, ids, labels).lower(lowering_platforms=("cuda",)).as_text()[:40])
