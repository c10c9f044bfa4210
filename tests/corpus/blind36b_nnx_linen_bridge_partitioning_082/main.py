import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from flax.nnx import bridge


class LinenDotWithPartitioning(nn.Module):
    out_dim: int

    @nn.compact
    def __call__(self, x):
        w = self.param(
            "w",
            nn.with_partitioning(nn.initializers.lecun_normal(), ("in", "out")),
            (x.shape[-1], self.out_dim),
        )
        return x @ w


@nnx.jit
def create_sharded_nnx_module(x):
    model = bridge.lazy_init(bridge.ToNNX(LinenDotWithPartitioning(64), rngs=nnx.Rngs(0)), x)
    state = nnx.state(model)
    sharded_state = jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state))
    nnx.update(model, sharded_state)
    return model


mesh = jax.sharding.Mesh(devices=np.array(jax.devices()).reshape(2, 2), axis_names=("in", "out"))
x = jax.random.normal(jax.random.key(42), (4, 32))
with jax.set_mesh(mesh):
    model = create_sharded_nnx_module(x)


@nnx.jit
def forward(model, x):
    return model(x)


with jax.set_mesh(mesh):
    print(forward.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
