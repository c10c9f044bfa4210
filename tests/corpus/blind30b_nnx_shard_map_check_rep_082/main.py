"""Data-parallel NNX step with nnx.shard_map as written for Flax 0.11 (check_rep=False), after an
upgrade to Flax 0.12 / JAX 0.8."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.experimental import mesh_utils
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(mesh_utils.create_device_mesh((4,)), ('data',))


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.up = nnx.Linear(din, dhidden, rngs=rngs)
        self.down = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.silu(self.up(x)))


model = MLP(16, 64, 16, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data')), out_specs=P(), check_rep=False)
    def per_device(model, optimizer, x):
        def loss_fn(model):
            return jnp.mean((model(x) - x) ** 2)
        loss, grads = nnx.value_and_grad(loss_fn)(model)
        grads = jax.lax.pmean(grads, 'data')
        optimizer.update(model, grads)
        return jax.lax.pmean(loss, 'data')

    return per_device(model, optimizer, x)


print(train_step.trace(model, optimizer, jnp.ones((32, 16))).lower(lowering_platforms=('cuda',)) is not None)
