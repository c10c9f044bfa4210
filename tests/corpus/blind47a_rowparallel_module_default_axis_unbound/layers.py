import flax.linen as nn
import jax.lax as L


class ColumnParallelDense(nn.Module):
    features_per_shard: int

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.features_per_shard, name='proj')(x)


class RowParallelDense(nn.Module):
    features: int
    axis_name: str = 'model'

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, use_bias=False, name='proj')(x)
        y = L.psum(y, self.axis_name)
        b = self.param('bias', nn.initializers.zeros_init(), (self.features,))
        return y + b


class FeedForward(nn.Module):
    d_model: int
    d_ff_per_shard: int
    axis_name: str = 'model'

    @nn.compact
    def __call__(self, x):
        h = ColumnParallelDense(self.d_ff_per_shard, name='ff_in')(x)
        h = nn.relu(h)
        return RowParallelDense(self.d_model, axis_name=self.axis_name, name='ff_out')(h)
