"""Linen TrainState data-parallel eval step; the last eval batch of a 1000-example split is
not padded (1000 % 64 = 40 ... here 6 examples on 4 devices)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

RULES = (("batch", "data"), ("embed", None), ("mlp", None))


class CNNHead(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(64, kernel_init=nn.with_logical_partitioning(nn.initializers.lecun_normal(), ("embed", "mlp")))(x)
        x = nn.with_logical_constraint(nn.relu(x), ("batch", "mlp"))
        return nn.Dense(10)(x)


mesh = Mesh(np.array(jax.devices()), ("data",))
model = CNNHead()
tx = optax.sgd(0.1, momentum=0.9)


def init_fn(rng, x):
    return train_state.TrainState.create(apply_fn=model.apply, params=model.init(rng, x)["params"], tx=tx)


def eval_step(state, batch):
    logits = state.apply_fn({"params": state.params}, batch["image"])
    acc = jnp.mean(jnp.argmax(logits, -1) == batch["label"])
    return acc


with mesh, nn.logical_axis_rules(RULES):
    abstract = jax.eval_shape(init_fn, jax.random.PRNGKey(0), jnp.ones((1, 32)))
    state_sharding = nn.logical_to_mesh_sharding(nn.get_partition_spec(abstract), mesh, RULES)
    batch_sharding = NamedSharding(mesh, P("data"))
    last_batch = {"image": np.ones((6, 32), np.float32), "label": np.zeros((6,), np.int32)}
    jit_eval = jax.jit(eval_step, in_shardings=(state_sharding, batch_sharding))
    lowered = jit_eval.trace(abstract, last_batch).lower(lowering_platforms=("cuda",))
print("ok")
