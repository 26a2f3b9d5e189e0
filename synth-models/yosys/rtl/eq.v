module eq_yosys_4(input [3:0] a, input [3:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_8(input [7:0] a, input [7:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_16(input [15:0] a, input [15:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_32(input [31:0] a, input [31:0] b, output [0:0] y);
  assign y = a == b;
endmodule

module eq_yosys_64(input [63:0] a, input [63:0] b, output [0:0] y);
  assign y = a == b;
endmodule
