import flax.linen as nn
import jax

ki = nn.linear.default_kernel_init


class FeedForward(nn.Module):
    hidden: int
    tp_axis: str | None = None

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden, use_bias=False,
                     kernel_init=nn.with_partitioning(ki, (None, "model")))(x)
        h = nn.relu(h)
        y = nn.Dense(x.shape[-1], use_bias=False,
                     kernel_init=nn.with_partitioning(ki, ("model", None)))(h)
        if self.tp_axis is not None:
            y = jax.lax.psum(y, self.tp_axis)
        return y
