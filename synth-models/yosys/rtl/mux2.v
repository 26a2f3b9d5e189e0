module mux2_yosys_4(input [3:0] a, input [3:0] b, input s, output [3:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_8(input [7:0] a, input [7:0] b, input s, output [7:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_16(input [15:0] a, input [15:0] b, input s, output [15:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_32(input [31:0] a, input [31:0] b, input s, output [31:0] y);
  assign y = s ? a : b;
endmodule

module mux2_yosys_64(input [63:0] a, input [63:0] b, input s, output [63:0] y);
  assign y = s ? a : b;
endmodule
