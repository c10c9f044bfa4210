"""Cross-device (sync) BatchNorm in a Linen CNN: BatchNorm(axis_name="batch") applied with
mutable batch_stats inside jax.shard_map over the `batch` axis."""
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "batch"
mesh = Mesh(jax.devices(), (AXIS,))


class ConvNet(nn.Module):
    axis_name: str | None = None

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(16, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, axis_name=self.axis_name)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


model = ConvNet(axis_name=AXIS)
variables = jax.eval_shape(lambda: ConvNet().init(jax.random.key(0), jnp.ones((1, 8, 8, 3)), train=False))


def train_forward(variables, x):
    logits, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    return logits, updates


f = jax.jit(jax.shard_map(train_forward, mesh=mesh, in_specs=(P(), P(AXIS)),
                          out_specs=(P(AXIS), P())))
f.trace(variables, jnp.ones((32, 8, 8, 3))).lower(lowering_platforms=("cuda",))
