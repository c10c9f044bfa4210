import inspect

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from model import GraphMLP


def _shard_map(fn, **kwargs):
    """nnx.shard_map without the replication checker; the keyword was renamed between Flax
    releases (check_rep -> check_vma)."""
    parameters = inspect.signature(nnx.shard_map).parameters
    if "check_vma" in parameters:
        return nnx.shard_map(fn, **kwargs, check_vma=False)
    if "check_rep" in parameters:
        return nnx.shard_map(fn, **kwargs, check_rep=False)
    return nnx.shard_map(fn, **kwargs)


def train_step_base(model, optimizer, x, y):
    def loss_fn(model):
        logits = model(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    loss, grads = jax.lax.pmean((loss, grads), "dp")
    optimizer.update(model, grads)
    return loss


mesh = jax.make_mesh((4,), ("dp",))
model = GraphMLP(16, 32, 5, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
graphdef, state = nnx.split((model, optimizer))
sharded_step = _shard_map(train_step_base, mesh=mesh, in_specs=(P(), P(), P("dp", None), P("dp")), out_specs=P())


def step(state, x, y):
    model, optimizer = nnx.merge(graphdef, state)
    loss = sharded_step(model, optimizer, x, y)
    return loss, nnx.state((model, optimizer))


x = jax.device_put(jnp.ones((64, 16)), NamedSharding(mesh, P("dp", None)))
y = jax.device_put(jnp.zeros((64,), jnp.int32), NamedSharding(mesh, P("dp")))
lowered = jax.jit(step).trace(state, x, y).lower(lowering_platforms=("cuda",))
print("ok")
