import flax.linen as nn
import jax
import jax.numpy as jnp


class TPBlock(nn.Module):
    """One transformer-MLP block, hidden dim split over `axis`."""
    d_model: int
    d_ff_local: int
    axis: str

    @nn.compact
    def __call__(self, x, _):
        h = nn.LayerNorm()(x)
        h = nn.gelu(nn.Dense(self.d_ff_local)(h))
        h = nn.Dense(self.d_model, use_bias=False)(h)
        return x + jax.lax.psum(h, self.axis), None


class Stack(nn.Module):
    num_layers: int
    d_model: int
    d_ff_local: int
    axis: str = "model"

    @nn.compact
    def __call__(self, x):
        ScanBlocks = nn.scan(
            TPBlock,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            length=self.num_layers,
        )
        x, _ = ScanBlocks(self.d_model, self.d_ff_local, self.axis, name="layers")(x, None)
        return x
