"""A Linen model written for GSPMD (logical constraints on activations) reused in a
hand-written data-parallel shard_map step. The logical rules are only active while the
parameters are created; the step is traced with no rules and no mesh context, where Flax's
logical constraints are no-ops."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

from model import Block

LOGICAL_RULES = (("activation_batch", "data"), ("activation_embed", None), ("activation_mlp", None),
                 ("embed", None), ("mlp", None))

mesh = Mesh(np.array(jax.devices()), ("data",))
model = Block(hidden=64)
x = jnp.ones((16, 32))
y = jnp.ones((16, 32))

with nn.logical_axis_rules(LOGICAL_RULES):
    variables = nn.unbox(model.init(jax.random.PRNGKey(0), x[:1]))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P()))
def train_step(variables, x, y):
    def loss_fn(v):
        return jnp.mean((model.apply(v, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(variables)
    grads = jax.lax.pmean(grads, "data")
    new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, variables, grads)
    return new, jax.lax.pmean(loss, "data")


lowered = jax.jit(train_step).trace(variables, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
